import { describeRouteWalker } from './route-walker-suite.ts';

describeRouteWalker(2, 2);

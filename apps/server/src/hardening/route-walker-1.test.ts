import { describeRouteWalker } from './route-walker-suite.ts';

describeRouteWalker(1, 2);

export { RichComposer } from './rich-composer.tsx';
export type { RichComposerProps, RichComposerSubmit, RichComposerValue } from './types.ts';

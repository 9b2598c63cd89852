export { createEvents, type Events, type EventsOptions, type FailedDelivery } from './events.ts';
export type { EventInput, Processor, ProcessorContext, StoredEvent } from './types.ts';

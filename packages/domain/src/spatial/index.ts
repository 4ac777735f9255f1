export { isSpatialOrder } from './isSpatialOrder.ts';

export * from './constants.ts';
export * from './snapping.ts';
export * from './walls.ts';
export * from './transform.ts';
export * from './panels.ts';
export * from './seams.ts';
export * from './dimensions.ts';
export * from './scene.ts';
export { sceneToSvg } from './svg.ts';

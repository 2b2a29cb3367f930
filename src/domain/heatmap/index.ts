export * from './encoded-polyline'
export * from './heatmap-lines'

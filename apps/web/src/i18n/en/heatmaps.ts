// English texts of the 'heatmaps' namespace. Keys are the contract; tr/heatmaps.ts must have the same.
export default {};

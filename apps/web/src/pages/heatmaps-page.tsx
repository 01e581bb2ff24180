export { default } from '../features/heatmaps/heatmaps-screen';

// Spline, AreaSpline, Line, Area (line series), Column (bar) and Scatter; zoom, marked areas
// and the brush (drag across a chart to select a window).
import { use as registerEchartsParts } from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { BrushComponent, DataZoomComponent, MarkAreaComponent, MarkLineComponent } from 'echarts/components';

registerEchartsParts([
  LineChart,
  BarChart,
  ScatterChart,
  MarkLineComponent,
  MarkAreaComponent,
  DataZoomComponent,
  BrushComponent,
]);

// Spline, AreaSpline, Line, Area (line series), Column (bar) and Scatter.
import { use as registerEchartsParts } from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { MarkLineComponent, DataZoomComponent } from 'echarts/components';

registerEchartsParts([LineChart, BarChart, ScatterChart, MarkLineComponent, DataZoomComponent]);

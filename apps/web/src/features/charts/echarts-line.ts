// Spline, AreaSpline, Line, Area (line series), Column (bar) and Scatter.
import { use } from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { MarkLineComponent, DataZoomComponent } from 'echarts/components';

use([LineChart, BarChart, ScatterChart, MarkLineComponent, DataZoomComponent]);

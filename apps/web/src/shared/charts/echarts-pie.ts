// Pie and doughnut.
import { use as registerEchartsParts } from 'echarts/core';
import { PieChart } from 'echarts/charts';

registerEchartsParts([PieChart]);

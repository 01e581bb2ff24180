import { use as registerEchartsParts } from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';

registerEchartsParts([HeatmapChart, VisualMapComponent]);

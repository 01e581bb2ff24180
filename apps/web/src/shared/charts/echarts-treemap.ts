import { use as registerEchartsParts } from 'echarts/core';
import { TreemapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';

registerEchartsParts([TreemapChart, VisualMapComponent]);

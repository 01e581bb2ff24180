import { use } from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';

use([HeatmapChart, VisualMapComponent]);

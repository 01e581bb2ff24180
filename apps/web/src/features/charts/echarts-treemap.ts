import { use } from 'echarts/core';
import { TreemapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';

use([TreemapChart, VisualMapComponent]);

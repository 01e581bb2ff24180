// Pie and doughnut.
import { use } from 'echarts/core';
import { PieChart } from 'echarts/charts';

use([PieChart]);

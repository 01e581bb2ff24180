// The shared part of every chart: ECharts' core, the SVG renderer and the components all
// charts use. Loaded only by the chart kinds below, never by the landing page.
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { GridComponent, LegendComponent, TooltipComponent, TitleComponent } from 'echarts/components';

use([SVGRenderer, GridComponent, LegendComponent, TooltipComponent, TitleComponent]);

export { init };

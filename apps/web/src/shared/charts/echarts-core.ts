// The shared part of every chart: ECharts' core, the SVG renderer and the components all
// charts use. Loaded only by the chart kinds below, never by the landing page.
import { init, use as registerEchartsParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { GridComponent, LegendComponent, TooltipComponent, TitleComponent } from 'echarts/components';

registerEchartsParts([SVGRenderer, GridComponent, LegendComponent, TooltipComponent, TitleComponent]);

export { init };

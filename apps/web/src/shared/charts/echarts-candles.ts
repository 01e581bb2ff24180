// Candles with volume bars and indicator lines; zoom by wheel, drag and the slider.
import { use as registerEchartsParts } from 'echarts/core';
import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, AxisPointerComponent } from 'echarts/components';

registerEchartsParts([CandlestickChart, BarChart, LineChart, DataZoomComponent, AxisPointerComponent]);

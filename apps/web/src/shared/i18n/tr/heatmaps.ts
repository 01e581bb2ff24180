import type { Messages } from '../messages';
import type en from '../en/heatmaps';

// Turkish texts of the 'heatmaps' namespace: the same keys as en/heatmaps.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Isı haritaları',
  periods: {
    '1d': '1G',
    '1w': '1H',
    '1m': '1A',
    '3m': '3A',
    '6m': '6A',
    ytd: 'YB',
    '1y': '1Y',
  },
  sizes: {
    marketcap: 'Piyasa değeri',
    dollarvolume: 'Dolar hacmi',
    equal: 'Eşit',
  },
  filters: {
    period: 'Dönem',
    sizeBy: 'Boyut ölçütü',
    universe: 'Evren',
    allStocks: 'Tüm hisseler',
    watchlist: 'İzleme listesi: {{name}}',
    sector: 'Sektör',
    allSectors: 'Tüm sektörler',
  },
  noMarketCaps: 'Bu veride piyasa değeri yok, bu yüzden harita onlara göre boyutlandırılamaz.',
  sizeByDollarVolume: 'Dolar hacmine göre boyutlandır',
  emptyMarketCap: 'Piyasa değerine göre boyutlandırılacak bir şey yok.',
  empty: 'Bu evrende bu dönem için fiyatı olan hisse yok.',
  asOf: '{{date}} itibarıyla',
  backToAll: '← Tüm sektörler',
  legend: {
    label: '{{period}} renk ölçeği',
    change: '{{period}} değişim:',
  },
  tooltip: {
    last: 'Son',
    volume: 'Hacim',
    change: 'Değişim',
    size: 'Boyut',
  },
  map: {
    label: '{{sector}} ısı haritası',
    labelAll: 'Tüm sektörlerin ısı haritası',
    labelGroup: '{{group}} ısı haritası',
  },
  groups: {
    note: 'Her biri kendi en son barında, kutular eşit boyutta.',
  },
  bars: {
    sectorTitle: '{{sector}}: değişime göre hisseler',
    title: 'Değişime göre sektörler ({{weighting}})',
    caption: 'Değişime göre sıralı',
    stock: 'Hisse',
    sector: 'Sektör',
  },
  grid: {
    title: 'Dönemlere göre sektörler ({{weighting}})',
    caption: 'Sektör × dönem, {{weighting}}',
  },
  seasonality: {
    title: 'Mevsimsellik: aylara göre ortalama getiri',
    note: 'Yalnızca tamamlanmış aylar (içinde bulunulan ay hariç); her ortalamanın altında ay sayısı ve yükselenlerin payı.',
    caption: 'Sembol × ay ortalama getiri',
    cell: '{{n}}× · {{winRate}}',
  },
};
export default tr;

import type { Messages } from '../messages';
import type en from '../en/market';

// Turkish texts of the 'market' namespace: the same keys as en/market.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Piyasa',
  empty: 'Henüz piyasa verisi yok. Bir yönetici fiyatları içe aktarabilir.',
  asOf: '{{date}} itibarıyla',
  groups: {
    price: 'Fiyat',
    lastBar: 'Son bar',
    caption: '{{group}}: her biri en son barında',
  },
  movers: {
    close: 'Kapanış',
    gainers: 'En çok yükselenler',
    losers: 'En çok düşenler',
    mostActive: 'En işlem görenler',
  },
  breadth: {
    title: 'Piyasa genişliği ({{n}} hisse)',
    none: 'Bu tarihte çubuğu olan hisse yok: sayılacak bir şey yok.',
    chartLabel: 'Yükselenler, düşenler ve değişmeyenler',
    advancers: 'Yükselenler',
    decliners: 'Düşenler',
    unchanged: 'Değişmeyenler',
    advancersDecliners: 'Yükselenler / düşenler',
    unchangedCount: '({{n}} değişmeyen)',
    aboveSma50: '50 günlük ortalamanın üzerinde',
    aboveSma200: '200 günlük ortalamanın üzerinde',
    highsLows: 'Yeni 52 haftalık zirveler / dipler',
  },
  sectors: {
    title: 'Sektör performansı',
    period: 'Dönem',
    chartLabel: '{{period}} sektör performansı',
    caption: 'Sektör performansı, {{weighting}}',
    stocks: 'Hisse',
  },
  index: {
    today: 'bugün {{change}}',
    perf: '1H {{w1}} · 1A {{m1}} · YB {{ytd}}',
    asOf: '{{date}} itibarıyla',
  },
};
export default tr;

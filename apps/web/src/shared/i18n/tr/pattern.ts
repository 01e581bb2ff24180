import type { Messages } from '../messages';
import type en from '../en/pattern';

// Turkish texts of the 'pattern' namespace: the same keys as en/pattern.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Örüntü',
  tool: {
    title: 'Mevsimsel örüntü',
    description:
      'Bir sembol ve bir tarih penceresi seçin (örneğin 11-01 ile 12-31), geçmişteki her yıl o pencerede nasıl performans gösterdiğini görün: giriş ve çıkış, getiri, en büyük yükseliş ve düşüş ile anlamlılık testli istatistikler.',
    features: {
      table: 'Yıllık tablo ve sütun grafik',
      stats: 'Kazanma oranı, ortalama, medyan, Sharpe, p-değeri',
      benchmark: 'S&P 500’e karşı getiriler',
    },
  },
  form: {
    label: 'Örüntü formu',
    symbol: 'Sembol',
    start: 'Başlangıç (AA-GG)',
    end: 'Bitiş (AA-GG)',
    mmdd: 'AA-GG',
    from: 'Başlangıç yılı',
    to: 'Bitiş yılı',
    all: 'tümü',
    direction: 'Yön',
    long: 'Uzun',
    short: 'Kısa',
    submit: 'Örüntüyü göster',
  },
  hint: 'Bir sembol ve bir pencere seçin, ardından “Örüntüyü göster”.',
  empty: 'Bu sembolün geçmişinde pencerenin tamamını kapsayan yıl yok. Başka bir pencere veya daha az yıl deneyin.',
  result: {
    alertMe: 'Açılmadan önce beni uyar',
    benchmark:
      'ikisinin de verisi olan {{years}} yılda ({{first}}–{{last}}) {{benchmark}} karşısında ortalama getiri: {{symbol}} ortalaması {{symbolMean}}',
    benchmarkStats: ', {{benchmark}} ortalaması {{mean}} (kazanma oranı {{winRate}})',
    noBenchmark: 'bu yıllar için gösterge verisi yok.',
    yearlyReturns: '{{symbol}} yıllık getirileri',
    scatterLabel: '{{symbol}} getirisi ve en büyük düşüşü',
    scatterTooltip: '{{year}}: getiri {{return}}, en büyük düşüş {{maxDrop}}',
  },
  table: {
    year: 'Yıl',
    entry: 'Giriş',
    exit: 'Çıkış',
    entryClose: 'Giriş kapanışı',
    exitClose: 'Çıkış kapanışı',
    return: 'Getiri',
    maxDrop: 'En büyük düşüş',
  },
};
export default tr;

import type { Messages } from '../messages';
import type en from '../en/calendar';

// Turkish texts of the 'calendar' namespace: the same keys as en/calendar.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Takvim',
  tool: {
    title: 'Mevsimsel takvim',
    description:
      'Bir sembolün her yılının her ayı tek bir ısı tablosunda; her ayın ortalaması, medyanı ve yükselen yıl payıyla: hangi ayların güçlü ya da zayıf olma eğiliminde olduğunu bir bakışta görün.',
    features: {
      table: 'Yıl × ay ısı tablosu',
      stats: 'Aylık ortalama, medyan, pozitif %',
      csv: 'CSV olarak dışa aktarma',
    },
  },
  form: {
    label: 'Takvim formu',
    symbol: 'Sembol',
    from: 'Başlangıç yılı',
    to: 'Bitiş yılı',
    all: 'tümü',
    submit: 'Takvimi göster',
  },
  hint: 'Bir sembol seçin, ardından “Takvimi göster”.',
  empty: 'Bu sembolün geçmişinde bu yıllar için tamamlanmış ay yok.',
  grid: {
    title: 'Aylık getiriler',
    caption: '{{symbol}} aylık getirileri',
    year: 'Yıl',
    toDate: 'bugüne kadar',
    withToDate: '{{value}} (bugüne kadar)',
    partialMonth: 'Son barın ayı: tamamlanmadı, hiçbir istatistiğe dahil edilmez',
  },
  summary: {
    title: 'Yıllar boyunca her ay',
    completeNote:
      'Yalnızca tamamlanmış aylar: son barın ayı ve yılı yukarıda “bugüne kadar” olarak gösterilir ve bu istatistiklere dahil edilmez.',
    chartLabel: '{{symbol}} ortalama aylık getirisi',
    caption: '{{symbol}} aylık istatistikleri',
    month: 'Ay',
    positive: 'Pozitif %',
    mean: 'Ortalama',
    median: 'Medyan',
  },
};
export default tr;

import type { Messages } from '../messages';
import type en from '../en/bestTrades';

// Turkish texts of the 'bestTrades' namespace: the same keys as en/bestTrades.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'En iyi işlemler',
  tool: {
    title: 'En iyi işlemler',
    description:
      'Bir sembolün en güçlü uzun ve kısa mevsimsel pencereleri: izin verdiğiniz her başlangıç günü ve elde tutma süresi yıllar boyunca test edilir, çakışmayan en iyi pencereler kazanma oranına ve ortalama getiriye göre sıralanır.',
    features: {
      directions: 'Uzun ve kısa pencereler',
      stats: 'Kazanma oranı, ortalama, p-değeri, en iyi yıl hariç sonuç',
      pattern: 'Her pencereyi örüntü olarak açın',
    },
  },
  form: {
    label: 'En iyi işlemler formu',
    symbol: 'Sembol',
    minDays: 'En az gün',
    maxDays: 'En çok gün',
    from: 'Başlangıç yılı',
    to: 'Bitiş yılı',
    minYears: 'En az yıl',
    top: 'İlk',
    all: 'tümü',
    minYearsPlaceholder: 'en çok − 2',
    submit: 'En iyi işlemleri bul',
  },
  errors: {
    days: 'Tam sayı olarak gün, en az 1',
    maxBelowMin: 'En az gün sayısından küçük olamaz',
    wholeNumber: 'Tam sayı olmalı',
  },
  hint: 'Bir sembol ve elde tutma süresi seçin, ardından “En iyi işlemleri bul”.',
  empty: 'Hiçbir pencerenin yeterli yıllık geçmişi yok. En az yıl sayısını düşürün veya yıl aralığını genişletin.',
  table: {
    pattern: 'Örüntü',
    open: 'Aç',
    openLabel: '{{start}} – {{end}} örüntüsünü aç',
    alert: 'Alarm',
    alertLabel: '{{start}} – {{end}} açılmadan önce alarm',
  },
  long: {
    title: 'Uzun pencereler',
    caption: 'En iyi uzun pencereler',
  },
  short: {
    title: 'Kısa pencereler',
    caption: 'En iyi kısa pencereler',
  },
};
export default tr;

import type { Messages } from '../messages';
import type en from '../en/seascan';

// Turkish texts of the 'seascan' namespace: the same keys as en/seascan.ts (the type checks it).
const tr: Messages<typeof en> = {
  tool: {
    title: 'Mevsimsellik tarayıcı',
    description:
      'Hangi hisselerin seçtiğiniz günlerde başlayan güçlü bir mevsimsel deseni var? Tarayıcı evrendeki her sembolün her penceresini test eder ve her sembol için kazanma oranı ve yıl koşullarınızı karşılayan en iyi pencereyi tutar.',
    features: {
      universe: 'Tüm enstrümanlar, bir sektör ya da bir izleme listesi',
      direction: 'Uzun, kısa ya da her ikisi',
      significance: 'Her sonuç için anlamlılık kontrolü',
    },
  },
  title: 'Mevsimsellik tarayıcı',
  form: {
    label: 'Mevsimsellik tarama formu',
    startFrom: 'Başlangıç en erken (AA-GG)',
    startTo: 'Başlangıç en geç (AA-GG)',
    minDays: 'En az gün',
    maxDays: 'En çok gün',
    minWinRate: 'En düşük kazanma oranı (%)',
    minYears: 'En az yıl',
    minYearsPlaceholder: 'en çok − 2, ≥ 10',
    direction: 'Yön',
    long: 'Uzun',
    short: 'Kısa',
    both: 'Her ikisi',
    from: 'Başlangıç yılı',
    to: 'Bitiş yılı',
    all: 'tümü',
    universe: 'Evren',
    allInstruments: 'Tüm enstrümanlar',
    sector: 'Sektör: {{sector}}',
    watchlist: 'İzleme listesi: {{name}}',
    symbols: 'Semboller: {{symbols}}',
    scan: 'Tara',
    hint: 'Başlangıç günlerini ve tutma süresini belirleyin, ardından “Tara”ya basın.',
  },
  errors: {
    startFrom: 'AA-GG biçimini kullanın, örn. 03-15',
    startTo: 'AA-GG biçimini kullanın, örn. 03-29',
    days: 'Tam sayı olarak gün, en az 1',
    maxBelowMin: 'En az gün sayısından küçük olamaz',
    year: '2005 gibi bir yıl girin',
    winRate: '%0 ile %100 arasında',
    wholeNumber: 'Bir tam sayı',
  },
  results: {
    empty:
      'Bu koşulları karşılayan penceresi olan sembol yok. Kazanma oranını ya da yıl sayısını düşürün veya başlangıç günlerini genişletin.',
    caption: 'Mevsimsellik tarama sonuçları',
    symbol: 'Sembol',
    side: 'Yön',
    open: 'Aç',
    pattern: 'Desen',
    calendar: 'Takvim',
    alert: 'Alarm',
    patternOf: '{{symbol}} deseni',
    calendarOf: '{{symbol}} takvimi',
    alertOf: '{{symbol}} için penceresi açılmadan önce alarm',
  },
  views: {
    label: 'Tarayıcı görünümleri',
    range: 'Tarih aralığı',
    upcoming: 'Yakında başlayanlar',
  },
  upcoming: {
    title: 'Yakında başlayanlar',
    intro:
      'Tarih itibarıyla sonraki günlerde başlayan pencereler; her sembol yalnızca o tarihe kadarki verisiyle okunur: geçmiş bir tarih, taramanın o gün gösterdiğini yeniden oynatır.',
    form: 'Yakında başlayanlar formu',
    next: 'Sonraki',
    days_one: '{{count}} gün',
    days_other: '{{count}} gün',
    custom: 'İleri gün (1–90)',
    asOf: 'Tarih itibarıyla',
    asOfHint: 'Boş: bugün (en son veri)',
    minDollarVolume: 'En düşük ort. dolar hacmi, 20 gün (M $)',
    show: 'Göster',
    summary: '{{date}} itibarıyla: {{from}} … {{to}} arasında başlayan pencereler.',
    leftOut:
      'Dışarıda kalan: {{date}} tarihinde çubuğu olmayan {{stale}} (o gün veri yok), en düşük dolar hacminin altında {{illiquid}}.',
    noneSignificant:
      'Buradaki hiçbir pencerenin q-değeri 0,10 veya altında değil: test edilen {{tested}} pencere arasında kusursuz bir kazanma oranı bile şans olabilir.',
    someSignificant_one: '{{count}} pencerenin q-değeri 0,10 veya altında.',
    someSignificant_other: '{{count}} pencerenin q-değeri 0,10 veya altında.',
    noSession: 'O tarihte veya öncesinde piyasa verisi yok.',
    empty: 'Bu günlerde başlayan ve bu koşulları karşılayan penceresi olan sembol yok.',
    caption: 'Yakında başlayan pencereler',
    columns: {
      startDate: 'Başlangıç',
      endDate: 'Bitiş',
      daysUntil: 'Başlamasına kalan gün',
      days: 'Gün',
      years: 'Yıl',
      winRate: 'Kazanma oranı',
      mean: 'Ortalama',
      dollarVolume: 'Dolar hacmi (20 g)',
    },
    errors: {
      days: '1 ile 90 arasında tam sayı olarak gün',
      asOf: '2017-11-10 gibi bir tarih girin',
      dollarVolume: 'En az 0 olan bir tutar (milyon dolar)',
    },
  },
};
export default tr;

import type { Messages } from '../messages';
import type en from '../en/alerts';

// Turkish texts of the 'alerts' namespace: the same keys as en/alerts.ts (the type checks it).
const tr: Messages<typeof en> = {
  tool: {
    title: 'Alarmlar',
    description:
      'Bir sembol taramalarınızdan birine girdiğinde, bir sembolde ya da izleme listesinde bir koşul gerçekleştiğinde veya güçlü geçmişe sahip bir mevsimsel pencere açılmadan birkaç gün önce haber alın: uygulamada, günlük e-posta özetiyle ya da imzalı bir webhook ile.',
    features: {
      scan: 'Tarama alarmları: bir sembol sonuçlara girer (ya da çıkar)',
      condition: 'Tarayıcı dilinde koşullar, bir sembolde ya da tüm izleme listesinde',
      seasonal:
        'Mevsimsel pencereler, açılmalarından N işlem günü önce; en düşük kazanma oranı, yıl sayısı ve p-değeri sizin seçiminiz',
      replayable: 'Tekrarlanabilir: aynı veri aynı tetiklemeleri verir',
    },
  },
  screen: {
    title: 'Alarmlar',
    newAlert: 'Yeni alarm',
    editTitle: '“{{name}}” alarmını düzenle',
    secret:
      'Webhook imzalama anahtarınız, yalnızca şimdi gösteriliyor: <code>{{secret}}</code>. Her gönderim şu başlığı taşır:<code> {{header}}</code>.',
    secretSaved: 'Kaydettim',
  },
  list: {
    title: 'Alarmlarınız',
    empty:
      'Henüz alarm yok. Burada ya da tarayıcıdan, bir izleme listesinden, sembol ayrıntılarından veya bir mevsimsellik ekranından oluşturun.',
    caption: '{{count}} / {{limit}} alarm',
    name: 'Ad',
    rule: 'Kural',
    target: 'Kapsam',
    lastFired: 'Son tetiklenme',
    state: 'Durum',
    actions: 'İşlemler',
    never: 'Hiç',
    paused: 'Duraklatıldı',
    pausedBecause: 'Duraklatıldı: {{reason}}',
    active: 'Etkin',
    pause: 'Duraklat',
    resume: 'Sürdür',
    edit: 'Düzenle',
    history: 'Geçmiş',
    delete: 'Sil',
    pauseOf: '{{name}} alarmını duraklat',
    resumeOf: '{{name}} alarmını sürdür',
    editOf: '{{name}} alarmını düzenle',
    historyOf: '{{name}} alarmının geçmişi',
    deleteOf: '{{name}} alarmını sil',
    confirmDelete: '“{{name}}” alarmı silinsin mi?',
    webhookPaused: 'Webhook durduruldu',
    resumeWebhook: "Webhook'u sürdür",
    resumeWebhookOf: "{{name}} alarmının webhook'unu sürdür",
    usage: 'Koşul ve mevsimsel alarmlarınız {{limit}} sembolün {{symbols}} tanesini izliyor.',
  },
  summary: {
    directions: { long: 'uzun', short: 'kısa', both: 'her iki yön' },
    allSymbols: 'Tüm semboller',
    watchlistNumber: 'İzleme listesi #{{id}}',
    rule: '{{direction}}, {{minDays}}–{{maxDays}} gün, kazanma oranı ≥ {{winRate}}, ≥ {{minYears}} yıl{{pValue}}; {{leadDays}} işlem günü önceden',
    pValue: ', p ≤ {{value}}',
    notFired: 'Henüz tetiklenmedi.',
  },
  notifications: {
    title: 'Bildirimler',
    markAllRead: 'Tümünü okundu işaretle',
    markRead: 'Okundu işaretle',
    empty: 'Henüz hiçbir alarm tetiklenmedi. Alarmlar her günlük veri güncellemesinden sonra değerlendirilir.',
  },
  bell: {
    label: 'Bildirimler',
    labelUnread: 'Bildirimler, {{count}} okunmamış',
    header: 'Bildirimler',
    nothing: 'Henüz bir şey yok.',
    markAllRead: 'Tümünü okundu işaretle',
    all: 'Tüm alarmlar ve bildirimler',
    group: '{{count}} sembol: {{symbols}}',
  },
  mail: {
    title: 'Alarm e-postası',
    digest: 'Alarmlarınızın bulduklarıyla günde bir e-posta (yalnızca bir alarmın tetiklendiği günlerde)',
    choose: 'Hangi alarmların dahil edileceğini <anchor>alarmlar sayfasında</anchor> seçin.',
  },
  kinds: {
    scan: 'Bir sembol taramaya girdiğinde',
    condition: 'Bir sembol koşulu gerçekleştiğinde',
    seasonal: 'Bir mevsimsel pencere açılmak üzereyken',
  },
  draft: {
    watchlist: 'İzleme listesi',
    seasonalName: '{{target}}: mevsimsel pencere yaklaşıyor',
  },
  form: {
    editAlert: 'Alarmı düzenle',
    newAlert: 'Yeni alarm',
    tellMeWhen: 'Bana haber ver:',
    name: 'Ad',
    nameInvisible: 'Ad, görünmeyen yön karakterleri (U+202E gibi) içeremez.',
    target: 'Kapsam',
    oneSymbol: 'Tek sembol',
    everySymbol: 'Bir izleme listesinin tüm sembolleri',
    symbol: 'Sembol',
    watchlist: 'İzleme listesi',
    chooseWatchlist: 'Bir izleme listesi seçin',
    expression: 'İfade (tarayıcı dili)',
    scanHint: 'Bir sembol sonuçlara girdiğinde tetiklenir, örn. rsi14 < 30 and close > sma200.',
    conditionHint: 'Yeni bir barda yanlıştan doğruya döndüğünde tetiklenir, örn. close crosses above sma200.',
    leadDays: 'Pencere açılmadan önceki işlem günü',
    minDays: 'En kısa tutma süresi (takvim günü)',
    maxDays: 'En uzun tutma süresi (takvim günü)',
    minWinRate: 'En düşük kazanma oranı (%)',
    minYears: 'En az yıl',
    maxPValue: 'En yüksek p-değeri (isteğe bağlı)',
    direction: 'Yön',
    onExit: 'Bir sembol sonuçlardan çıktığında da',
    mail: 'Günlük e-posta özetine dahil et',
    webhook: 'Webhook (isteğe bağlı, https://)',
    webhookHint:
      'HMAC-SHA256 ile imzalı bir JSON POST (X-Solstice-Signature başlığı); anahtar kaydettiğinizde bir kez gösterilir.',
    saveChanges: 'Değişiklikleri kaydet',
    create: 'Alarm oluştur',
    cancel: 'İptal',
    limitsTitle: 'Sınırlar',
    limitNotifications:
      'Bir alarm bir seansta en çok {{count}} bildirim oluşturur; fazlası tek bir bildirimde özetlenir.',
    limitSymbols:
      'Bu alarm {{adding}} sembol izliyor; diğer alarmlarınızla birlikte bir hesabın izleyebileceği {{limit}} sembolün {{total}} tanesi.',
    limitSymbolsOver:
      'Bu alarm {{adding}} sembol izleyecek; diğer alarmlarınızla birlikte {{total}}, bir hesabın izleyebileceği {{limit}} sembolden fazla. Daha küçük bir izleme listesi seçin ya da başka bir alarmı silin.',
    limitAlerts: '{{limit}} alarmın {{count}} tanesi.',
  },
  directions: {
    long: 'Uzun',
    short: 'Kısa',
    both: 'Her ikisi',
  },
};
export default tr;

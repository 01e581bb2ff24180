// The words of every mail in each language. English is the source; Turkish has the same
// entries (the type requires every one). Amounts and dates come formatted for the language.
import type { Language } from '@solstice/contracts';

export interface MailTexts {
  hello: (name: string) => string;
  signOff: string;
  perMonth: string;
  perYear: string;
  oneMonth: string;
  oneYear: string;
  welcome: { subject: string; paragraphs: string[]; link: string };
  passwordReset: { subject: string; paragraphs: (minutes: number) => string[]; link: string };
  started: { subject: (product: string) => string; paragraphs: (p: PlanWords) => string[]; link: string };
  receipt: {
    subject: (product: string) => string;
    number: (id: number) => string;
    date: (date: string) => string;
    item: (product: string, period: string, until: string) => string;
    amount: (amount: string, last4: string | null) => string;
  };
  ending: {
    subject: (product: string) => string;
    paragraphs: (product: string, until: string) => string[];
    link: string;
  };
  ended: {
    subject: (product: string) => string;
    paragraphs: (product: string, reason: string) => string[];
    link: string;
    /** Billing's end reasons in this language; a reason not listed is shown as billing wrote it. */
    reasons: Record<string, string>;
  };
  digest: {
    subject: (date: string, count: number) => string;
    intro: (date: string) => string;
    all: string;
    stop: string;
    stopNote: string;
    /** An alert's section header: its name and how many of its notifications follow. */
    section: (name: string, count: number) => string;
  };
  webhookPaused: {
    subject: (alertName: string) => string;
    paragraphs: (alertName: string, host: string) => string[];
    link: string;
  };
  /** The pages of the digest's unsubscribe link (opened without signing in). */
  unsubscribe: {
    confirmTitle: string;
    confirmText: string;
    button: string;
    offTitle: string;
    offText: string;
    invalidTitle: string;
    invalidText: string;
    expiredTitle: string;
    expiredText: string;
    /** How to turn the mail off without the link. */
    profileHint: string;
    profile: string;
  };
}

export interface PlanWords {
  product: string;
  price: string;
  per: string;
  renews: string;
}

const en: MailTexts = {
  hello: (name) => `Hello ${name},`,
  signOff: '— Solstice',
  perMonth: 'month',
  perYear: 'year',
  oneMonth: 'one month',
  oneYear: 'one year',
  welcome: {
    subject: 'Welcome to Solstice',
    paragraphs: [
      'Your Solstice account is ready. The dashboard, market view, heatmaps and watchlists are open to you now.',
      'The stock scanner and the seasonality tools come with a subscription.',
    ],
    link: 'Open Solstice',
  },
  passwordReset: {
    subject: 'Reset your Solstice password',
    paragraphs: (minutes) => [
      `Someone (hopefully you) asked to reset the password of this account. The link works for ${minutes} minutes and only once.`,
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
    link: 'Choose a new password',
  },
  started: {
    subject: (product) => `Your ${product} subscription is active`,
    paragraphs: (p) => [
      `Thank you for subscribing to ${p.product} (${p.price} per ${p.per}).`,
      `The stock scanner and every seasonality tool are open to you now. Your subscription renews on ${p.renews}.`,
    ],
    link: 'Open the seasonality tools',
  },
  receipt: {
    subject: (product) => `Receipt for your ${product} payment`,
    number: (id) => `Receipt number: ${id}`,
    date: (date) => `Date: ${date}`,
    item: (product, period, until) => `Item: ${product}, ${period}, until ${until}`,
    amount: (amount, last4) => `Amount paid: ${amount}${last4 ? ` (card ending ${last4})` : ''}`,
  },
  ending: {
    subject: (product) => `Your ${product} subscription will end`,
    paragraphs: (product, until) => [
      `You cancelled your ${product} subscription. It stays active until ${until} and is not renewed.`,
      'Changed your mind? Resume it from your profile before that date.',
    ],
    link: 'Your profile',
  },
  ended: {
    subject: (product) => `Your ${product} subscription has ended`,
    paragraphs: (product, reason) => [
      `Your ${product} subscription has ended (${reason}). The stock scanner and the seasonality tools are closed to this account now.`,
      'Your watchlists and settings are kept. Subscribe again at any time.',
    ],
    link: 'Subscribe',
    reasons: {},
  },
  digest: {
    subject: (date, count) => `Solstice alerts for ${date}: ${count} ${count === 1 ? 'trigger' : 'triggers'}`,
    intro: (date) => `Your alerts fired on the data of ${date}:`,
    all: 'All notifications',
    stop: 'Stop alert mail',
    stopNote: '(no sign-in needed; turn it back on in your profile)',
    section: (name, count) => `${name} (${count})`,
  },
  webhookPaused: {
    subject: (name) => `Solstice paused the webhook of your alert "${name}"`,
    paragraphs: (name, host) => [
      `The webhook of your alert "${name}" did not accept its deliveries: ${host} failed every attempt (five, over 15 minutes).`,
      'Solstice has paused the webhook so that it is not called on every session. Your alert keeps running in the app and in the mail digest.',
      'When the receiver works again, resume the webhook on the alerts page.',
    ],
    link: 'Your alerts',
  },
  unsubscribe: {
    confirmTitle: 'Stop alert mail?',
    confirmText:
      'You will no longer receive the daily alert digest from Solstice. Your alerts keep running in the app.',
    button: 'Turn off alert mail',
    offTitle: 'Alert mail is off',
    offText:
      'You will no longer receive alert mail from Solstice. Your alerts keep running in the app; turn the mail back on in your profile.',
    invalidTitle: 'Link not valid',
    invalidText: 'This unsubscribe link is not valid (it may have been cut short).',
    expiredTitle: 'Link expired',
    expiredText: 'This unsubscribe link has expired; the link in a newer alert mail works.',
    profileHint: 'You can also sign in and turn alert mail off in your profile.',
    profile: 'Profile',
  },
};

const tr: MailTexts = {
  hello: (name) => `Merhaba ${name},`,
  signOff: '— Solstice',
  perMonth: 'ay',
  perYear: 'yıl',
  oneMonth: 'bir ay',
  oneYear: 'bir yıl',
  welcome: {
    subject: "Solstice'e hoş geldiniz",
    paragraphs: [
      'Solstice hesabınız hazır. Gösterge paneli, piyasa görünümü, ısı haritaları ve izleme listeleri artık kullanımınızda.',
      'Hisse tarayıcı ve mevsimsellik araçları abonelikle birlikte gelir.',
    ],
    link: "Solstice'i aç",
  },
  passwordReset: {
    subject: 'Solstice parolanızı sıfırlayın',
    paragraphs: (minutes) => [
      `Birisi (umarız siz) bu hesabın parolasını sıfırlamak istedi. Bağlantı ${minutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir.`,
      'Bunu siz istemediyseniz bu e-postayı yok sayın: parolanız olduğu gibi kalır.',
    ],
    link: 'Yeni parola seçin',
  },
  started: {
    subject: (product) => `${product} aboneliğiniz etkin`,
    paragraphs: (p) => [
      `${p.product} aboneliğiniz için teşekkür ederiz (${p.per} başına ${p.price}).`,
      `Hisse tarayıcı ve tüm mevsimsellik araçları artık kullanımınızda. Aboneliğiniz ${p.renews} tarihinde yenilenir.`,
    ],
    link: 'Mevsimsellik araçlarını aç',
  },
  receipt: {
    subject: (product) => `${product} ödemenizin makbuzu`,
    number: (id) => `Makbuz numarası: ${id}`,
    date: (date) => `Tarih: ${date}`,
    item: (product, period, until) => `Kalem: ${product}, ${period}, ${until} tarihine kadar`,
    amount: (amount, last4) => `Ödenen tutar: ${amount}${last4 ? ` (${last4} ile biten kart)` : ''}`,
  },
  ending: {
    subject: (product) => `${product} aboneliğiniz sona erecek`,
    paragraphs: (product, until) => [
      `${product} aboneliğinizi iptal ettiniz. ${until} tarihine kadar etkin kalır ve yenilenmez.`,
      'Fikrinizi mi değiştirdiniz? Bu tarihten önce profilinizden devam ettirebilirsiniz.',
    ],
    link: 'Profiliniz',
  },
  ended: {
    subject: (product) => `${product} aboneliğiniz sona erdi`,
    paragraphs: (product, reason) => [
      `${product} aboneliğiniz sona erdi (${reason}). Hisse tarayıcı ve mevsimsellik araçları artık bu hesaba kapalı.`,
      'İzleme listeleriniz ve ayarlarınız saklanır. İstediğiniz zaman yeniden abone olabilirsiniz.',
    ],
    link: 'Abone ol',
    reasons: {
      cancelled: 'iptal edildi',
      'not renewed': 'yenilenmedi',
      'plan withdrawn': 'plan kaldırıldı',
      'renewal payment failed': 'yenileme ödemesi alınamadı',
      refunded: 'ücret iade edildi',
      'revoked by an administrator': 'bir yönetici tarafından kaldırıldı',
    },
  },
  digest: {
    subject: (date, count) => `${date} için Solstice alarmları: ${count} tetiklenme`,
    intro: (date) => `Alarmlarınız ${date} verisinde tetiklendi:`,
    all: 'Tüm bildirimler',
    stop: 'Alarm e-postalarını durdur',
    stopNote: '(oturum açmanız gerekmez; profilinizden yeniden açabilirsiniz)',
    section: (name, count) => `${name} (${count})`,
  },
  webhookPaused: {
    subject: (name) => `Solstice "${name}" alarmınızın webhook'unu durdurdu`,
    paragraphs: (name, host) => [
      `"${name}" alarmınızın webhook'u gönderimleri kabul etmedi: ${host} her denemede başarısız oldu (15 dakikada beş deneme).`,
      "Solstice, her seansta yeniden çağrılmasın diye webhook'u durdurdu. Alarmınız uygulamada ve e-posta özetinde çalışmaya devam ediyor.",
      "Alıcı yeniden çalıştığında webhook'u alarmlar sayfasından sürdürün.",
    ],
    link: 'Alarmlarınız',
  },
  unsubscribe: {
    confirmTitle: 'Alarm e-postaları durdurulsun mu?',
    confirmText:
      'Solstice’ten günlük alarm özetini artık almayacaksınız. Alarmlarınız uygulamada çalışmaya devam eder.',
    button: 'Alarm e-postalarını kapat',
    offTitle: 'Alarm e-postaları kapalı',
    offText:
      'Solstice’ten artık alarm e-postası almayacaksınız. Alarmlarınız uygulamada çalışmaya devam eder; e-postaları profilinizden yeniden açabilirsiniz.',
    invalidTitle: 'Bağlantı geçersiz',
    invalidText: 'Bu abonelikten çıkma bağlantısı geçerli değil (kısaltılmış olabilir).',
    expiredTitle: 'Bağlantının süresi doldu',
    expiredText:
      'Bu abonelikten çıkma bağlantısının süresi doldu; daha yeni bir alarm e-postasındaki bağlantı çalışır.',
    profileHint: 'Oturum açıp alarm e-postalarını profilinizden de kapatabilirsiniz.',
    profile: 'Profil',
  },
};

export const MAIL_TEXTS: Record<Language, MailTexts> = { en, tr };

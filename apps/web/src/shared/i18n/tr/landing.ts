import type { Messages } from '../messages';
import type en from '../en/landing';

// Turkish texts of the 'landing' namespace: the same keys as en/landing.ts (the type checks it).
const tr: Messages<typeof en> = {
  account: 'Hesap',
  logIn: 'Giriş yap',
  signUp: 'Kaydol',
  hero: {
    title: 'Bir hissenin ne zaman hareket etme eğiliminde olduğunu ve bunun bir anlamı olup olmadığını bilin.',
    lead: 'Solstice, yatırımcılar için bir hisse tarayıcı ve mevsimsellik araç setidir: dürüst istatistiklerle mevsimsel örüntüler, tüm piyasayı kapsayan bir tarayıcı, ısı haritaları ve sizi her yerde takip eden izleme listeleri.',
    start: 'Hemen başla',
  },
  features: {
    label: 'Solstice neler yapar',
    seasonality: {
      title: 'Önemli olup olmadığını söyleyen mevsimsellik',
      body: 'Her sembol için mevsimsel grafik, örüntü, takvim ve en iyi işlemler; kazanma oranı, p-değeri, en iyi yıl hariç sonuç ve gösterge karşılaştırmasıyla.',
    },
    scanner: {
      title: 'Siz yazarken yanıt veren bir tarayıcı',
      body: 'Tüm evreni filtre çipleriyle veya rsi14 < 30 and close > sma200 gibi bir ifadeyle süzün.',
    },
    market: {
      title: 'Piyasa, ısı haritaları ve izleme listeleri',
      body: 'Piyasa genişliği, sektörler ve en çok hareket edenler; sektör → endüstri → hisse ağaç haritası; hesabınızda saklanan izleme listeleri.',
    },
  },
  pricing: {
    title: 'Fiyatlandırma',
    teaser: 'Planlar aylık veya yıllık faturalandırılır; istediğiniz zaman iptal edebilirsiniz.',
    price: '{{amount}} / {{interval}}',
    intervals: {
      month: 'ay',
      year: 'yıl',
    },
  },
  footer: '© Solstice · Yatırım tavsiyesi değildir.',
};
export default tr;

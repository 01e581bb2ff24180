import { LottieLight } from 'lottie-react';
import animation from '../../assets/loading-animation.json';

/** The overlay's animation: the light Lottie build (SVG only, no eval; fits the CSP). */
export default function LottieSpinner() {
  return <LottieLight src={animation} autoplay loop className="loading-overlay__animation" aria-hidden="true" />;
}

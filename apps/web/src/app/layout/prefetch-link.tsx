import { useEffect, useRef, type ComponentProps } from 'react';
import { NavLink } from 'react-router';
import { canPrefetch, whenIdle } from '../../shared/lib/prefetch';
import { prefetchRoute } from '../route-modules';

/** A nav link whose page module is fetched when the link is visible and the browser idle. */
export function PrefetchLink(props: ComponentProps<typeof NavLink> & { to: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const { to } = props;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelIdle: (() => void) | undefined;
    const prefetch = () => {
      if (!canPrefetch()) return;
      cancelIdle = whenIdle(() => prefetchRoute(to));
    };
    if (typeof IntersectionObserver !== 'function') {
      prefetch();
      return () => cancelIdle?.();
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        prefetch();
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelIdle?.();
    };
  }, [to]);
  return <NavLink ref={ref} {...props} />;
}

import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An in-portal link: single-spa navigation, no full reload (modified clicks keep browser behaviour). */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigateToUrl(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}

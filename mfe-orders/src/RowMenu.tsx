import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from './OrdersPage.module.css';

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

/**
 * A row's more-options menu button (menu button pattern): Enter, Space or ArrowDown opens it on the
 * first item, arrows and Home/End move, Escape closes and gives focus back to the button, Tab closes.
 * The menu is fixed-positioned under the button so the table's scroll box does not clip it.
 */
export function RowMenu({ label, items, testId }: { label: string; items: readonly RowMenuItem[]; testId?: string }) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ top: number; right: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const openMenu = () => {
    const r = button.current?.getBoundingClientRect();
    setPos(r ? { top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) } : null);
    setOpen(true);
  };

  // Focus moves into the menu as it opens (before paint, so nothing flickers).
  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    // Fixed coordinates go stale when anything scrolls or the window resizes.
    const onMove = () => setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open]);

  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = menuItems();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(at + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(at - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      move(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      move(list.length - 1);
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  const choose = (item: RowMenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  };

  return (
    <div className={styles.menuWrap}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        data-testid={testId}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            openMenu();
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.menu}
          style={pos ? { top: pos.top, right: pos.right } : undefined}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <li
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              className={styles.menuItem}
              onClick={() => choose(item)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(item);
                }
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { Component, Suspense, lazy, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { activeOrgAtom, activeRulesAtom } from '@cpq/client';
import { loadUiModule } from '@cpq/plugin-sdk';
import { isUiPluginFor, type UiSlotContext, type UiSlotName } from '@cpq/plugin-sdk/ui';
import styles from './PluginSlot.module.css';

type SlotComponent = ComponentType<{ context: UiSlotContext }>;

const Empty: SlotComponent = () => null;

/** One lazy component per organisation and slot, so React keeps it between renders. */
const lazies = new Map<string, LazyExoticComponent<SlotComponent>>();

function lazySlot(orgId: number, name: UiSlotName): LazyExoticComponent<SlotComponent> {
  const key = `${orgId}:${name}`;
  let found = lazies.get(key);
  if (!found) {
    found = lazy(async () => {
      try {
        const mod = await loadUiModule(orgId);
        if (!isUiPluginFor(mod, orgId)) throw new Error(`The UI module of organisation ${orgId} is not a UI plugin of that organisation for this contract.`);
        const load = mod.slots[name];
        return load ? ((await load()) as { default: SlotComponent }) : { default: Empty };
      } catch (err) {
        lazies.delete(key); // the next visit tries again
        throw err;
      }
    });
    lazies.set(key, found);
  }
  return found;
}

/** A slot whose component failed (to load or to render): a short note instead, and the page goes on. */
class SlotBoundary extends Component<{ name: UiSlotName; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The organisation's component for "${this.props.name}" failed.`, error, info.componentStack);
  }
  override render() {
    if (this.state.failed) {
      return (
        <span className={styles.failed} role="note" data-testid="plugin-slot-failed" data-slot={this.props.name}>
          An action of your organisation is unavailable right now.
        </span>
      );
    }
    return this.props.children;
  }
}

/**
 * The active organisation's component for a named slot, loaded on first use; nothing when the
 * organisation's rules declare nothing for the slot (the default), or while it loads. A component that
 * fails to load or throws is contained here.
 */
export function PluginSlot(props: { name: UiSlotName; context: UiSlotContext }) {
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  if (!org || !rules?.ui.slots.includes(props.name)) return null;
  const Slot = lazySlot(org.id, props.name);
  return (
    <SlotBoundary key={`${org.id}:${props.name}`} name={props.name}>
      <Suspense fallback={null}>
        <Slot context={props.context} />
      </Suspense>
    </SlotBoundary>
  );
}

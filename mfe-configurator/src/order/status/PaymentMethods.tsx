import styles from './Status.module.css';

/** The payment methods offered, as radios: the chosen one checked. */
export function PaymentMethods(props: {
  methods: ReadonlyArray<{ key: string; label: string }>;
  method: string | null;
  onChoose: (key: string) => void;
  disabled: boolean;
  name: string;
}) {
  return (
    <fieldset className={styles.fieldset} disabled={props.disabled}>
      <legend className={styles.legend}>Payment method</legend>
      <div className={styles.radios} data-testid="payment-methods">
        {props.methods.map((m) => (
          <label key={m.key} className={styles.radio}>
            <input type="radio" name={props.name} value={m.key} checked={props.method === m.key} onChange={() => props.onChoose(m.key)} data-testid={`method-${m.key}`} />
            {m.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

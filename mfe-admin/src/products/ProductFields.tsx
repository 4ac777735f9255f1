import { useId } from 'react';
import { PUBLISH_LEVELS, type ProductRow } from './productRows.ts';
import { ruleTitle, type NamedRow } from './detailData.ts';
import { TextField, asInteger, asText } from './TextField.tsx';
import type { Save } from './useSave.ts';
import styles from './products.module.css';


/** Stock, visibility, SKU codes, category and pricing rule of a product. */
export function ProductFields({
  product,
  categories,
  pricingRules,
  isOwner,
  save,
}: {
  product: ProductRow;
  categories: NamedRow[];
  pricingRules: NamedRow[];
  isOwner: boolean;
  save: Save;
}) {
  const codes = product.referenceCodes ?? {};
  // Merged into the codes as stored when the write runs, so two codes edited in a row both stay.
  const saveCode = (key: 'catalog' | 'factory' | 'machining', label: string) => (value: string) =>
    save((stored) => ({ referenceCodes: { ...stored.referenceCodes, [key]: value } }), label);
  // Archived categories are not offered, except the one the product already has.
  const offeredCategories = categories.filter((c) => !c.archived || c.id === product.productCategoryId);
  const headingId = useId();
  const ruleMissing = product.productPricingRuleId !== null && !pricingRules.some((r) => r.id === product.productPricingRuleId);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Product</h2>
      <div className={styles.fields}>
        {product.isStocked ? (
          <TextField
            label="Amount in stock"
            inputMode="numeric"
            value={String(product.currentInventory ?? 0)}
            parse={asInteger}
            onSave={(n) => save({ currentInventory: n }, 'Amount in stock')}
          />
        ) : null}
        {isOwner ? (
          <label className={styles.field}>
            <span>Product Visibility Level</span>
            <select value={product.publishLevel} onChange={(e) => void save({ publishLevel: e.target.value as ProductRow['publishLevel'] }, 'Visibility level')}>
              {PUBLISH_LEVELS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className={styles.field}>
          <span>Category</span>
          <select value={product.productCategoryId} onChange={(e) => void save({ productCategoryId: Number(e.target.value) }, 'Category')}>
            <option value={-1}>Unassigned</option>
            {offeredCategories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title || `Category ${c.id}`}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Pricing rule</span>
          <select
            value={product.productPricingRuleId ?? ''}
            onChange={(e) => void save({ productPricingRuleId: e.target.value === '' ? null : Number(e.target.value) }, 'Pricing rule')}
          >
            <option value="">No pricing rule</option>
            {ruleMissing ? <option value={product.productPricingRuleId!}>{`Rule ${product.productPricingRuleId} (deleted)`}</option> : null}
            {pricingRules.map((r) => (
              <option key={r.id} value={r.id}>
                {ruleTitle(r)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <h2 className={styles.subheading}>SKU codes</h2>
      <div className={styles.fields}>
        <TextField label="Catalog" value={codes.catalog ?? ''} parse={asText} onSave={saveCode('catalog', 'Catalog SKU')} />
        <TextField label="Factory" value={codes.factory ?? ''} parse={asText} onSave={saveCode('factory', 'Factory SKU')} />
        <TextField label="Machining" value={codes.machining ?? ''} parse={asText} onSave={saveCode('machining', 'Machining SKU')} />
      </div>
    </section>
  );
}

import * as monaco from './monaco.ts';
import { editorJsonSchema } from './editorSchema.ts';
import { idCompletions, type CatalogueIds } from './completions.ts';

/**
 * Monaco for the pricing version editors, set up once: workers served by this remote,
 * JSON diagnostics and completions from the pricing version schema (one schema entry per editor
 * model, by its URI), and the organisation's property and option ids offered with their titles.
 * Imported only by MonacoField, itself loaded only on a pricing rule's page.
 */
let ready = false;

/*
 * The workers are Monaco's own prebuilt, self-contained worker scripts of the pinned version, emitted
 * as files of this remote (an asset rule in mfe-admin/rspack.config.ts) and loaded from its own
 * address: bundling them as worker chunks would put the federation runtime in them, which needs the
 * shell's global and fails inside a worker. No CDN: the CSP allows workers from 'self' and blob: only.
 * The file names carry Monaco's build hash: upgrading monaco-editor means updating them here.
 */
const EDITOR_WORKER = new URL('../../../node_modules/monaco-editor/min/vs/assets/editor.worker-_vAIFJDs.js', import.meta.url);
const JSON_WORKER = new URL('../../../node_modules/monaco-editor/min/vs/assets/json.worker-Csf_TLih.js', import.meta.url);

export function setupMonaco(): typeof monaco {
  if (ready) return monaco;
  ready = true;
  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string) {
      return new Worker(label === 'json' ? JSON_WORKER : EDITOR_WORKER);
    },
  };
  monaco.languages.registerCompletionItemProvider('json', {
    triggerCharacters: [':', ' ', ',', '[', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    async provideCompletionItems(model, position) {
      // The ids may still be on their way: the first completion waits for them.
      const ids = await catalogueIds.get(model.uri.toString())?.catch(() => null);
      if (!ids) return { suggestions: [] };
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const suggestions = idCompletions(before, ids).map((c, i) => ({
        label: { label: c.label, description: c.detail },
        detail: c.detail,
        documentation: c.kind === 'property' ? `Property ${c.label}: ${c.detail}` : `Option ${c.label}: ${c.detail}`,
        kind: c.kind === 'property' ? monaco.languages.CompletionItemKind.Field : monaco.languages.CompletionItemKind.EnumMember,
        insertText: c.insertText,
        filterText: c.label,
        sortText: String(i).padStart(5, '0'),
        range: new monaco.Range(position.lineNumber, position.column - c.replace, position.lineNumber, position.column),
      }));
      return { suggestions };
    },
  });
  return monaco;
}

/** Each open editor model's catalogue ids (by model URI), for the completion provider. */
const catalogueIds = new Map<string, Promise<CatalogueIds>>();
/** The model URIs that validate against the pricing version schema. */
const schemaModels = new Set<string>();

function applySchemas(): void {
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: 'error',
    enableSchemaRequest: false,
    schemas: schemaModels.size ? [{ uri: 'inmemory://schemas/pricing-rule-version.json', fileMatch: [...schemaModels], schema: editorJsonSchema() }] : [],
  });
}

/** Registers a model for the schema and the id completions; the returned function undoes it. */
export function attachModel(uri: string, ids: Promise<CatalogueIds>): () => void {
  schemaModels.add(uri);
  catalogueIds.set(uri, ids);
  applySchemas();
  return () => {
    schemaModels.delete(uri);
    catalogueIds.delete(uri);
    applySchemas();
  };
}

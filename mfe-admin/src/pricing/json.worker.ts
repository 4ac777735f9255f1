// Monaco's JSON language worker (validation against the pricing version schema, completions), served by this remote.
import 'monaco-editor/language/json/json.worker.js';

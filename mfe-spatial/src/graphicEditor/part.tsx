import { ProductGraphicEditor } from './ProductGraphicEditor.tsx';

/** The `./graphicEditor` expose: the admin area's product graphic page shows it (portal part 'productGraphicEditor'). */
export default ProductGraphicEditor;

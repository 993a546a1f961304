import type { Product } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';

export function ProductPrices({ products }: { products: Product[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {products
        .filter((product) => product.type === 'digital')
        .map((product) => (
          <li key={product.id} className="rounded-xl border border-slate-200 p-5 shadow-sm">
            <h3 className="font-semibold">{product.name}</h3>
            <p className="mt-2 text-2xl font-bold text-emerald-800">
              {formatPrice(product.price, product.currency)}
            </p>
          </li>
        ))}
    </ul>
  );
}

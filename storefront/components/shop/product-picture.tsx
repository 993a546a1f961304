import Image from 'next/image';

/** A product's picture as the shop's cards show it: 3:2, served as it is, described by the card. */
export function ProductPicture({ src, className }: { src: string; className: string }) {
  return <Image src={src} alt="" width={600} height={400} unoptimized className={className} />;
}

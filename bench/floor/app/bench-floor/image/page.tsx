import Image from 'next/image';
import { heroImageSizes } from '@/components/home/hero-image';
import { heroImage } from '@/lib/content/firm';

export const metadata = {
  title: 'Image floor',
  description: 'A bare Next.js page with one preloaded image, the benchmark floor of image pages.',
};

/**
 * The floor of a page whose largest paint is an image: one heading and the hero's image, loaded as
 * the hero loads it (same source, sizes and preload), so a phone gets the optimiser's same bytes.
 */
export default function BenchImageFloorPage() {
  return (
    <>
      <h1>Floor</h1>
      <Image
        src={heroImage.src}
        alt="Floor"
        width={heroImage.width}
        height={heroImage.height}
        preload
        fetchPriority="high"
        sizes={heroImageSizes}
        style={{ width: '100%', height: 'auto' }}
      />
    </>
  );
}

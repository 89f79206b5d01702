import { describe, expect, it } from 'vitest';
import {
  articleImage,
  articleImageSrc,
  fallbackImage,
  fallbackImageFor,
  fallbackImages,
  isAllowedImage,
} from './images';

describe('article images', () => {
  it('gives image-host links width 1200 and quality 80, keeping other parameters', () => {
    const url = new URL(
      articleImage(
        'https://images.unsplash.com/photo-1589829545856-d10d557cf95f?ixlib=rb-4.0.3&w=400&q=50&fit=crop',
        0,
      ),
    );
    expect(url.hostname).toBe('images.unsplash.com');
    expect(url.pathname).toBe('/photo-1589829545856-d10d557cf95f');
    expect(url.searchParams.get('w')).toBe('1200');
    expect(url.searchParams.get('q')).toBe('80');
    expect(url.searchParams.get('ixlib')).toBe('rb-4.0.3');
    expect(url.searchParams.get('fit')).toBe('crop');
    expect(url.searchParams.getAll('w')).toHaveLength(1);
  });

  it('adds width and quality to an image-host link without parameters', () => {
    expect(articleImage('https://images.unsplash.com/photo-1', 0)).toBe(
      'https://images.unsplash.com/photo-1?w=1200&q=80',
    );
  });

  it('turns cloud-drive share links into direct view links', () => {
    const direct = 'https://drive.google.com/uc?export=view&id=1AbC-d_E';
    expect(articleImage('https://drive.google.com/file/d/1AbC-d_E/view?usp=sharing', 0)).toBe(
      direct,
    );
    expect(articleImage('https://drive.google.com/open?id=1AbC-d_E', 0)).toBe(direct);
    expect(articleImage('https://drive.google.com/file/d/1AbC-d_E/view', 0)).toBe(direct);
  });

  it('uses the two fallback images in turn by row index', () => {
    expect(articleImage('', 0)).toBe('/images/article-fallback-1.jpg');
    expect(articleImage('', 1)).toBe('/images/article-fallback-2.jpg');
    expect(articleImage('  ', 2)).toBe('/images/article-fallback-1.jpg');
    expect(fallbackImage(5)).toBe('/images/article-fallback-2.jpg');
  });

  it('falls back for other hosts, other schemes and non-addresses', () => {
    expect(articleImage('https://example.com/a.jpg', 0)).toBe('/images/article-fallback-1.jpg');
    expect(articleImage('javascript:alert(1)', 1)).toBe('/images/article-fallback-2.jpg');
    expect(articleImage('data:image/png;base64,AAAA', 0)).toBe('/images/article-fallback-1.jpg');
    expect(articleImage('not an address', 0)).toBe('/images/article-fallback-1.jpg');
    expect(articleImage('//images.unsplash.com/photo-1', 0)).toBe('/images/article-fallback-1.jpg');
  });

  it('keeps site paths and upgrades allowed hosts to https', () => {
    expect(articleImage('/images/custom.jpg', 0)).toBe('/images/custom.jpg');
    expect(articleImage('http://lh3.googleusercontent.com/d/x', 0)).toBe(
      'https://lh3.googleusercontent.com/d/x',
    );
    expect(isAllowedImage('https://images.unsplash.com/x')).toBe(true);
    expect(isAllowedImage('https://evil.example/x')).toBe(false);
  });
});

describe('the address next/image gets for an article image', () => {
  it('is the path itself for an image of this site', () => {
    expect(articleImageSrc({ slug: 'a', imageUrl: '/images/article-fallback-1.jpg' })).toBe(
      '/images/article-fallback-1.jpg',
    );
  });

  it('is the image route for a remote image, versioned by its address', () => {
    const first = articleImageSrc({ slug: 'congés', imageUrl: 'https://images.unsplash.com/a' });
    const changed = articleImageSrc({ slug: 'congés', imageUrl: 'https://images.unsplash.com/b' });
    expect(first).toMatch(/^\/api\/article-image\/cong%C3%A9s\/[0-9a-z]+$/);
    expect(changed).not.toBe(first);
    expect(articleImageSrc({ slug: 'congés', imageUrl: 'https://images.unsplash.com/a' })).toBe(
      first,
    );
  });

  it('falls back to one of the two fallback images, always the same for an article', () => {
    const chosen = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map(fallbackImageFor));
    expect([...chosen].sort()).toEqual([...fallbackImages]);
    expect(fallbackImageFor('a')).toBe(fallbackImageFor('a'));
  });
});

import { describe, expect, it } from 'vitest';
import { articleImageSrc } from './images';
import { imageAddressProblem } from './image-address';

describe('the addresses the image optimiser takes', () => {
  it('are the images the pages show', () => {
    const remote = articleImageSrc({
      slug: 'congés-payés',
      imageUrl: 'https://images.unsplash.com/a',
    });
    for (const url of [
      '/images/hero-architecture.jpg',
      remote,
      'https://images.unsplash.com/photo-1?w=1200&q=80',
    ])
      expect(imageAddressProblem([url]), url).toBeNull();
  });

  it('are no other path, host or malformed address', () => {
    for (const url of [
      '/\\169.254.169.254/x',
      '/api/health',
      '/fr/',
      '/images/../api/health',
      '/images/%2e%2e/api/health',
      '/images/a%2Fb.jpg',
      '//evil.example/x.jpg',
      '/api/article-image/a/b/c',
      '/images/x.jpg?x=1',
      'https://evil.example/x.jpg',
      'http://images.unsplash.com/x',
      'https://images.unsplash.com:8443/x',
      '%zz',
    ])
      expect(imageAddressProblem([url]), url).not.toBeNull();
    expect(imageAddressProblem([])).not.toBeNull();
    expect(imageAddressProblem(['/images/a.jpg', '/images/a.jpg'])).not.toBeNull();
  });
});

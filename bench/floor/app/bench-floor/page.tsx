export const metadata = {
  title: 'Floor',
  description: 'A bare Next.js page, the benchmark floor.',
};

export default function BenchFloorPage() {
  return <h1>Floor</h1>;
}

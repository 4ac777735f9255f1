import { Canvas } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import type { ProductGraphicNode } from '@cpq/domain';
import { previewNumber } from './tree.ts';

/** Nine point lights spread over the scene, so every face reads. */
const LIGHTS: [number, number, number][] = [-1, 0, 1].flatMap((x) => [-1, 1, 0].map((z) => [x * 120, 100 + z * 40, z * 120] as [number, number, number]));

function NodeMesh({ node, selectedId }: { node: ProductGraphicNode; selectedId: string | number | null }) {
  const p = node.props;
  const x = previewNumber(p.x, 0), y = previewNumber(p.y, 0), z = previewNumber(p.z, 0);
  const w = previewNumber(p.width, 20), h = previewNumber(p.height, 20), d = previewNumber(p.depth, node.type === 'rect' ? 0.5 : 10);
  const selected = node.id === selectedId;
  const children = (node.children ?? []).map((c) => <NodeMesh key={String(c.id)} node={c} selectedId={selectedId} />);
  if (node.type === 'group') {
    return (
      <group position={[x, -y, z]}>
        {selected && (
          <mesh position={[w / 2, -h / 2, d / 2]}>
            <boxGeometry args={[w, h, d]} />
            <meshBasicMaterial color="#2563eb" wireframe />
          </mesh>
        )}
        {children}
      </group>
    );
  }
  if (node.type === 'cube' || node.type === 'rect') {
    const fill = typeof p.fill === 'string' && p.fill.startsWith('#') ? p.fill : '#cccccc';
    return (
      <mesh position={[x + w / 2, -(y + h / 2), z + d / 2]}>
        <boxGeometry args={[w, h, d]} />
        <meshStandardMaterial color={selected ? '#60a5fa' : fill} />
      </mesh>
    );
  }
  // Other drawing nodes (paths, texts, gradients...) have no volume: the 2D drawing shows them.
  return <>{children}</>;
}

/** The graphic in 3D: groups and cubes (rects as thin plates), an orbit camera kept in front of it. */
export default function Preview3D({ nodes, selectedId }: { nodes: readonly ProductGraphicNode[]; selectedId: string | number | null }) {
  return (
    <Canvas dpr={[2, 3]} camera={{ position: [10, -10, 80], fov: 50 }} data-testid="graphic-3d">
      <color attach="background" args={['#f6f7f9']} />
      <ambientLight intensity={1.2} />
      {LIGHTS.map((pos, i) => (
        <pointLight key={i} position={pos} intensity={12000} distance={800} />
      ))}
      {/* Floor and ceiling, 500 wide. */}
      <mesh position={[10, -250, 0]} rotation={[-Math.PI / 2, 0, 0]}>
        <planeGeometry args={[500, 500]} />
        <meshStandardMaterial color="#e5e7eb" />
      </mesh>
      <mesh position={[10, 250, 0]} rotation={[Math.PI / 2, 0, 0]}>
        <planeGeometry args={[500, 500]} />
        <meshStandardMaterial color="#f3f4f6" />
      </mesh>
      {nodes.map((n) => (
        <NodeMesh key={String(n.id)} node={n} selectedId={selectedId} />
      ))}
      <OrbitControls makeDefault target={[10, -10, 0]} minPolarAngle={0.4 * Math.PI} maxPolarAngle={0.6 * Math.PI} minDistance={40} maxDistance={120} />
    </Canvas>
  );
}

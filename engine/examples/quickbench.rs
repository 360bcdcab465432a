use engine::playout::random_playout;
use engine::{Board, Color};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::Instant;
fn main() {
    for size in [9usize, 19] {
        let root = Board::new(size);
        let mut b = Board::new(size);
        let mut rng = SmallRng::seed_from_u64(1);
        let t = Instant::now();
        let mut n = 0;
        let mut moves = 0;
        while t.elapsed().as_secs_f64() < 3.0 {
            b.copy_from(&root);
            moves += random_playout(&mut b, Color::Black, &mut rng, 3 * size * size);
            n += 1;
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{size}x{size}: {:.0} playouts/s, {:.1} moves/playout",
            n as f64 / s,
            moves as f64 / n as f64
        );
    }
}

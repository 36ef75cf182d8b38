fn main() {
    let p = ravel_ir::load(std::path::Path::new(&std::env::args().nth(1).unwrap()), &[]).unwrap();
    for g in &p.globals {
        println!("{} {:#x} {} {:?}", g.name, g.addr, g.size, &g.init[..g.init.len().min(16)]);
    }
    for f in &p.functions {
        if f.code.len() > 3 {
            println!("fn {}", f.name);
            for (i, c) in f.code.iter().enumerate() {
                println!("  {i}: {c:?}");
            }
        }
    }
}

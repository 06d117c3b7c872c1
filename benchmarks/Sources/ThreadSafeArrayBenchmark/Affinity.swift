/// Whether `measureThreads` pins its threads (`--no-pin` turns it off). Written once by
/// main.swift before the first measurement and only read afterwards, on the main thread.
nonisolated(unsafe) var pinThreads = true

#if os(Linux)
import Glibc

/// `sched_getaffinity` and `sched_setaffinity` are GNU extensions that Swift's Glibc module does
/// not import, so they are looked up at run time and called through C function pointers.
private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32

private func affinityCall(_ name: String) -> AffinityCall? {
    // A null handle is RTLD_DEFAULT: search the process's global symbols.
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: AffinityCall.self) }
}

private let getAffinity = affinityCall("sched_getaffinity")
private let setAffinity = affinityCall("sched_setaffinity")

/// The CPUs this process may run on, in order (`sched_getaffinity`).
let allowedCPUs: [Int] = {
    var set = cpu_set_t()
    guard let getAffinity, getAffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return [] }
    return withUnsafeBytes(of: &set) { bytes in
        (0..<(bytes.count * 8)).filter { cpu in bytes[cpu / 8] & (1 << (cpu % 8)) != 0 }
    }
}()

/// Pins the calling thread to `allowedCPUs[index % count]`, so that the two benchmark threads
/// run on two different cores at once and really contend for the lock. Without this the
/// scheduler sometimes runs both on one core, taking turns, and the lock is never contended:
/// the run then measures something else and is several times faster. Returns whether it pinned.
@discardableResult
func pinCurrentThread(toAllowedCPU index: Int) -> Bool {
    guard allowedCPUs.count >= 2, let setAffinity else { return false }
    let cpu = allowedCPUs[index % allowedCPUs.count]
    var set = cpu_set_t()
    withUnsafeMutableBytes(of: &set) { bytes in
        bytes[cpu / 8] |= UInt8(1 << (cpu % 8))
    }
    return setAffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0
}
#else
let allowedCPUs: [Int] = []

@discardableResult
func pinCurrentThread(toAllowedCPU index: Int) -> Bool { false }
#endif

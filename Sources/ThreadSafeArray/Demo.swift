import Dispatch

/// The demonstration of TSA-5, reusable by the command-line demo and by the web page.
public enum ThreadSafeArrayDemo {
    /// The numbers each of the two tasks appends: `for number in 0...1000`.
    public static let numbers: ClosedRange<Int> = 0...1000

    /// How many elements the array holds once both tasks are done: 2 × 1001 = 2002.
    public static let expectedCount = 2 * numbers.count

    /// Runs the demonstration: one concurrent queue, two asynchronous tasks on it that append
    /// `0...1000` to one ``ThreadSafeArray`` in parallel, and a `DispatchGroup` that waits for
    /// both. Blocks the calling thread until they are done.
    ///
    /// - Returns: the array's count afterwards (always ``expectedCount``, 2002) and the time the
    ///   two tasks took, from the first dispatch to the end of the wait.
    public static func run() -> (count: Int, elapsed: Duration) {
        let array = ThreadSafeArray<Int>()
        let queue = DispatchQueue(label: "ThreadSafeArrayDemo.append", attributes: .concurrent)
        let group = DispatchGroup()
        let clock = ContinuousClock()
        let start = clock.now

        queue.async(group: group) {
            for number in numbers {
                array.append(number)
            }
        }
        queue.async(group: group) {
            for number in numbers {
                array.append(number)
            }
        }
        group.wait()

        return (count: array.count, elapsed: clock.now - start)
    }
}

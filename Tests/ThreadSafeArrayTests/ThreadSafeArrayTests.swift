import Testing
import ThreadSafeArray

/// What each member does, on one thread (TSA-1…TSA-3).
@Suite("ThreadSafeArray members")
struct ThreadSafeArrayTests {
    @Test("A new array is empty")
    func newArrayIsEmpty() {
        let array = ThreadSafeArray<Int>()
        #expect(array.isEmpty)
        #expect(array.count == 0)
        #expect(array.snapshot == [])
    }

    @Test("init(_:) keeps the sequence's order")
    func initFromSequence() {
        let array = ThreadSafeArray(["a", "b", "c"])
        #expect(array.count == 3)
        #expect(array.snapshot == ["a", "b", "c"])
    }

    @Test("append(_:) adds at the end and count follows")
    func appendAddsAtTheEnd() {
        let array = ThreadSafeArray<Int>()
        array.append(10)
        #expect(!array.isEmpty)
        #expect(array.count == 1)
        array.append(20)
        array.append(10)
        #expect(array.count == 3)
        #expect(array[0] == 10)
        #expect(array[1] == 20)
        #expect(array[2] == 10)
    }

    @Test("append(contentsOf:) adds every element in order")
    func appendContentsOf() {
        let array = ThreadSafeArray([1])
        array.append(contentsOf: 2...4)
        #expect(array.snapshot == [1, 2, 3, 4])
    }

    @Test("subscript reads and replaces in place")
    func subscriptGetAndSet() {
        let array = ThreadSafeArray([1, 2, 3])
        array[1] = 20
        #expect(array[1] == 20)
        #expect(array.snapshot == [1, 20, 3])
        #expect(array.count == 3)
    }

    @Test("remove(at:) returns the element and closes the gap")
    func removeAtReturnsTheElement() {
        let array = ThreadSafeArray(["a", "b", "c", "d"])
        #expect(array.remove(at: 1) == "b")
        #expect(array.snapshot == ["a", "c", "d"])
        #expect(array.remove(at: 2) == "d")
        #expect(array.remove(at: 0) == "a")
        #expect(array.snapshot == ["c"])
        array.remove(at: 0) // @discardableResult: no warning, no use
        #expect(array.isEmpty)
    }

    @Test("contains(_:) finds exactly the elements held")
    func containsFindsHeldElements() {
        let array = ThreadSafeArray(["red", "green"])
        #expect(array.contains("red"))
        #expect(array.contains("green"))
        #expect(!array.contains("blue"))
        array.remove(at: 0)
        #expect(!array.contains("red"))
        array.append("blue")
        #expect(array.contains("blue"))
        #expect(!ThreadSafeArray<String>().contains("red"))
    }

    @Test("element(at:) is nil outside 0..<count", arguments: [-1, 3, 4, Int.min, Int.max])
    func elementAtOutOfBoundsIsNil(index: Int) {
        let array = ThreadSafeArray([7, 8, 9])
        #expect(array.element(at: index) == nil)
    }

    @Test("element(at:) returns the element inside 0..<count")
    func elementAtInBounds() {
        let array = ThreadSafeArray([7, 8, 9])
        #expect(array.element(at: 0) == 7)
        #expect(array.element(at: 2) == 9)
        #expect(ThreadSafeArray<Int>().element(at: 0) == nil)
    }

    @Test("removeAll() empties the array")
    func removeAllEmpties() {
        let array = ThreadSafeArray(1...5)
        array.removeAll()
        #expect(array.isEmpty)
        #expect(array.count == 0)
        #expect(!array.contains(1))
        array.append(6)
        #expect(array.snapshot == [6])
    }

    @Test("snapshot is a copy that later changes do not touch")
    func snapshotIsACopy() {
        let array = ThreadSafeArray([1, 2])
        let before = array.snapshot
        array.append(3)
        array[0] = 100
        #expect(before == [1, 2])
        #expect(array.snapshot == [100, 2, 3])
    }

    /// TSA-1: any element type, including a non-`Sendable`, non-`Equatable` class.
    @Test("Holds elements of any type, even non-Sendable classes")
    func holdsNonSendableReferences() {
        final class Counter {
            var value = 0
        }
        let first = Counter()
        let second = Counter()
        let array = ThreadSafeArray<Counter>()
        array.append(first)
        array.append(second)
        #expect(array[0] === first)
        #expect(array.element(at: 1) === second)
        array[0].value += 5
        #expect(first.value == 5)
        #expect(array.remove(at: 0) === first)
        #expect(array.count == 1)
        #expect(array[0] === second)
    }

    @Test("Element values that are optionals are kept, not flattened")
    func optionalElements() {
        let array = ThreadSafeArray<Int?>([nil, 1])
        #expect(array.count == 2)
        #expect(array.contains(nil))
        #expect(array.element(at: 0) == .some(nil))
        #expect(array.element(at: 2) == nil)
    }
}

/// A bad index traps exactly as it does on `Array`; each runs in a child process.
@Suite("ThreadSafeArray traps on a bad index, like Array")
struct ThreadSafeArrayTrapTests {
    @Test("subscript get past the end traps")
    func subscriptPastEndTraps() async {
        await #expect(processExitsWith: .failure) {
            let array = ThreadSafeArray([1, 2, 3])
            _ = array[3]
        }
    }

    @Test("subscript get at a negative index traps")
    func subscriptNegativeTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = ThreadSafeArray([1])[-1]
        }
    }

    @Test("subscript set past the end traps")
    func subscriptSetPastEndTraps() async {
        await #expect(processExitsWith: .failure) {
            let array = ThreadSafeArray([1])
            array[1] = 2
        }
    }

    @Test("remove(at:) on an empty array traps")
    func removeFromEmptyTraps() async {
        await #expect(processExitsWith: .failure) {
            ThreadSafeArray<Int>().remove(at: 0)
        }
    }

    @Test("remove(at:) at count traps")
    func removeAtCountTraps() async {
        await #expect(processExitsWith: .failure) {
            ThreadSafeArray([1, 2]).remove(at: 2)
        }
    }
}

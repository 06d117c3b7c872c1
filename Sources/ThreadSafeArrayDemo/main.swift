// TSA-5: two asynchronous tasks on one concurrent queue append 0...1000 each to one
// ThreadSafeArray; once both are done, print the count (2002), alone on its line.
import ThreadSafeArray

print(ThreadSafeArrayDemo.run().count)

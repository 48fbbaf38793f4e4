// The holder registry (C-7): the name, thread and time of each reference taken through aclpp.
// It counts nothing; the runtime's count is the one count of references.
#pragma once

namespace aclpp::core {

/// For the fork handlers of each runtime (lifecycle/fork.cpp, vendor/fork.cpp): the registry's
/// lock is a leaf, held only to fill or list entries, never across a runtime call.
void lockHoldersForFork() noexcept;
void unlockHoldersAfterFork() noexcept;
/// In the child, after unlockHoldersAfterFork: the parent's holders hold nothing here (L-10).
void resetHoldersInChild() noexcept;

}  // namespace aclpp::core

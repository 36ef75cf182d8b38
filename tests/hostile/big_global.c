// A 6 GiB zero-filled global: only the touched bytes may cost memory.
static char big[6UL << 30];

int main(void) {
    big[5UL << 30] = 1;
    return big[5UL << 30] - 1 + big[12345];
}
